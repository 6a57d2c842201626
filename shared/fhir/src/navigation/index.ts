export {
  createNavigator,
  type FhirNavigator,
  type ChildResult,
  type NavigationError,
} from './create-navigator.js';
export type { ElementInfo, ElementKind, ElementBinding, RootInfo, ChildSource } from './element-info.js';
export { capitalize } from './element-info.js';
