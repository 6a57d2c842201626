import type { FhirElementInfo } from '@mapx/api';

/**
 * What one element offers after `* `: its name, its slice (`component[SystolicBP]`), or each choice form
 * (`value`, `valueQuantity`). The service may name slices with or without the bracket already attached.
 */
export function elementLabels(element: FhirElementInfo): string[] {
  const base = element.name.replace(/\[x\]$/, '');
  if (element.isSlice && element.sliceName !== undefined) {
    return [base.includes('[') ? base : `${base}[${element.sliceName}]`];
  }
  if (element.isChoice) return [...new Set([base, ...element.jsonNames])];
  return [base];
}
