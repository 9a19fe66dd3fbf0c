/**
 * How a validated plain value becomes what the tool receives: Args class instances, nested
 * classes, arrays of them and `Date`s. Absent (undefined) means: keep the plain value.
 */
export type InstancePlan =
  /** An RFC 3339 date-time string that becomes a `Date`. */
  | { kind: 'date' }
  /**
   * An object whose properties are built by their own plans (undefined: kept as is). With `create`
   * (e.g. `() => new ArgsClass()`), a new instance receives exactly the listed properties, so list
   * every declared one; without it, the plain object is kept and only listed properties are built.
   */
  | { kind: 'object'; create?: () => object; properties: Readonly<Record<string, InstancePlan | undefined>> }
  /** An array whose items are built by one plan. */
  | { kind: 'array'; items: InstancePlan };
