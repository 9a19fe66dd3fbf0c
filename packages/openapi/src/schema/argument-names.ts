import type { Parameter } from '../spec/openapi-document.js';

/** Names no parameter may take as its argument: the body's, and those that could reach a prototype. */
const reserved = new Set(['body', '__proto__', 'constructor', 'prototype']);

/**
 * The argument name of each parameter, all distinct: its own name when no earlier parameter has it
 * (and it is not reserved), else its location in front (`query_id`), else that with a number
 * (`query_id_2`, `query_id_3`, ...). A renamed one never takes a name another parameter has in the
 * spec, so a name the spec gives is never reused. Deterministic: the spec's order decides.
 * @param parameters - the operation's parameters (the path item's first), one per location and name
 * @returns the argument names, in the same order
 */
export function argumentNames(parameters: readonly Parameter[]): string[] {
  const given = new Set(parameters.map((parameter) => parameter.name));
  const taken = new Set<string>();
  return parameters.map((parameter) => {
    let name = parameter.name;
    if (taken.has(name) || reserved.has(name)) {
      const prefixed = `${parameter.in}_${parameter.name}`;
      name = prefixed;
      for (let count = 2; taken.has(name) || given.has(name) || reserved.has(name); count++) name = `${prefixed}_${count}`;
    }
    taken.add(name);
    return name;
  });
}
