export { createAuth, type DesignerAuth } from './create-auth.js';
export type { AuthState } from './designer-auth.js';
