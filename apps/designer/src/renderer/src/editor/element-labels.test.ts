import type { FhirElementInfo } from '@mapx/api';
import { describe, expect, it } from 'vitest';
import { elementLabels } from './element-labels.js';

const element = (patch: Partial<FhirElementInfo>): FhirElementInfo => ({
  name: 'status',
  jsonNames: ['status'],
  kind: 'primitive-type',
  min: 1,
  max: '1',
  isArray: false,
  types: ['code'],
  isSlice: false,
  isChoice: false,
  ...patch,
});

describe('elementLabels', () => {
  it('offers slices once, whether or not the name carries the bracket', () => {
    expect(
      elementLabels(element({ name: 'component[SystolicBP]', sliceName: 'SystolicBP', isSlice: true })),
    ).toEqual(['component[SystolicBP]']);
    expect(elementLabels(element({ name: 'component', sliceName: 'DiastolicBP', isSlice: true }))).toEqual([
      'component[DiastolicBP]',
    ]);
  });

  it('offers the choice head and each typed form', () => {
    const choice = element({ name: 'value[x]', jsonNames: ['valueQuantity', 'valueString'], isChoice: true });
    expect(elementLabels(choice)).toEqual(['value', 'valueQuantity', 'valueString']);
    expect(elementLabels(element({}))).toEqual(['status']);
  });
});
