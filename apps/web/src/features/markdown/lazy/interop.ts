/**
 * The default export of a CommonJS module reached through import(). Bundlers hand back the
 * module's `exports.default`, Node's own interop (the unit tests) the whole `exports` object.
 */
export function interopDefault<T>(module: { default: T | { default: T } }): T {
  const value = module.default;
  if (typeof value === 'object' && value !== null && 'default' in value) return value.default;
  return value;
}
