// @ts-check
// A form generated from a tool's JSON Schema, and the check of its value by that schema (the
// @cfworker/json-schema validator, served by the dev UI), before anything is sent.
import { Validator } from '/vendor/json-schema/index.js';

/** @typedef {{ element: HTMLElement, read: () => { value: unknown, problems: string[] } }} SchemaForm */

/**
 * @param {string} tag
 * @param {Record<string, string>} [attributes]
 * @param {(Node | string)[]} [children]
 */
export function h(tag, attributes = {}, children = []) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) element.append(child);
  return element;
}

/**
 * The draft a schema is checked by: the one its `$schema` names, else 2020-12.
 * @param {any} schema
 */
function draftOf(schema) {
  const named = typeof schema?.$schema === 'string' ? schema.$schema : '';
  if (named.includes('draft-07')) return '7';
  if (named.includes('draft-04')) return '4';
  if (named.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/**
 * Checks a value against a schema.
 * @param {any} schema
 * @param {unknown} value
 * @returns {string[]} the schema's errors, each with where it is (empty when valid)
 */
export function checkValue(schema, value) {
  const result = new Validator(schema, /** @type {any} */ (draftOf(schema)), false).validate(value);
  if (result.valid) return [];
  // The validator reports each failing keyword up the tree; the leaves say what is wrong.
  const leaves = result.errors.filter((error) => !['properties', 'allOf', '$ref', 'items', 'anyOf', 'oneOf'].includes(error.keyword));
  const shown = leaves.length > 0 ? leaves : result.errors;
  return shown.map((error) => `${error.instanceLocation === '#' ? '(the arguments)' : error.instanceLocation.replace(/^#\//, '')}: ${error.error}`);
}

/**
 * One input for a property, by its schema.
 * @param {string} name
 * @param {any} schema
 * @param {unknown} initial
 * @param {boolean} required
 * @returns {{ element: HTMLElement, read: () => { present: boolean, value?: unknown, problem?: string } }}
 */
function fieldFor(name, schema, initial, required) {
  const id = `f-${Math.random().toString(36).slice(2)}`;
  const label = h('label', { for: id, class: required ? 'required' : '' }, [name]);
  const hint = schema?.description ? h('div', { class: 'hint' }, [schema.description]) : '';
  const type = Array.isArray(schema?.type) ? schema.type.find((item) => item !== 'null') : schema?.type;
  /** @type {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} */
  let input;
  /** @type {() => { present: boolean, value?: unknown, problem?: string }} */
  let read;
  if (Array.isArray(schema?.enum)) {
    const select = h('select', { id, name });
    select.append(h('option', { value: '' }, ['—']));
    for (const option of schema.enum) select.append(h('option', { value: JSON.stringify(option) }, [String(option)]));
    if (initial !== undefined) select.value = JSON.stringify(initial);
    input = /** @type {HTMLSelectElement} */ (select);
    read = () => (select.value === '' ? { present: false } : { present: true, value: JSON.parse(select.value) });
  } else if (type === 'boolean') {
    const box = /** @type {HTMLInputElement} */ (h('input', { id, name, type: 'checkbox' }));
    box.checked = initial === true;
    input = box;
    read = () => ({ present: true, value: box.checked });
  } else if (type === 'number' || type === 'integer') {
    const number = /** @type {HTMLInputElement} */ (h('input', { id, name, type: 'text', inputmode: 'decimal' }));
    if (initial !== undefined) number.value = String(initial);
    input = number;
    read = () => {
      const text = number.value.trim();
      if (text === '') return { present: false };
      const value = Number(text);
      return Number.isNaN(value) ? { present: true, value: text } : { present: true, value };
    };
  } else if (type === 'string') {
    const text = /** @type {HTMLInputElement} */ (h('input', { id, name, type: 'text' }));
    if (initial !== undefined) text.value = String(initial);
    input = text;
    read = () => (text.value === '' && !required ? { present: false } : { present: true, value: text.value });
  } else {
    const area = /** @type {HTMLTextAreaElement} */ (h('textarea', { id, name, placeholder: 'JSON' }));
    if (initial !== undefined) area.value = JSON.stringify(initial, null, 2);
    input = area;
    read = () => {
      if (area.value.trim() === '') return { present: false };
      try {
        return { present: true, value: JSON.parse(area.value) };
      } catch (error) {
        return { present: false, problem: `${name}: not JSON (${/** @type {Error} */ (error).message})` };
      }
    };
  }
  return { element: h('div', { class: 'field' }, [label, input, hint]), read };
}

/**
 * A form for a value of a schema: a field per property of an object schema, else one JSON box.
 * @param {any} schema
 * @param {unknown} [initial] the value to start from
 * @returns {SchemaForm}
 */
export function schemaForm(schema, initial) {
  const properties = schema !== null && typeof schema?.properties === 'object' ? schema.properties : {};
  const hasFields = Object.keys(properties).length > 0;
  const noArguments = !hasFields && schema?.type === 'object' && (schema.additionalProperties === undefined || schema.additionalProperties === false);
  if (!hasFields && !noArguments) {
    const area = /** @type {HTMLTextAreaElement} */ (h('textarea', { name: 'arguments', placeholder: 'JSON arguments' }));
    area.value = JSON.stringify(initial ?? {}, null, 2);
    return {
      element: h('div', { class: 'field' }, [area]),
      read: () => {
        try {
          return { value: JSON.parse(area.value), problems: [] };
        } catch (error) {
          return { value: undefined, problems: [`not JSON: ${/** @type {Error} */ (error).message}`] };
        }
      },
    };
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const start = /** @type {Record<string, unknown>} */ (initial ?? {});
  const fields = Object.entries(properties).map(([name, property]) => ({ name, ...fieldFor(name, property, start[name], required.has(name)) }));
  return {
    element: h('div', {}, fields.length === 0 ? [h('p', { class: 'muted' }, ['No arguments.'])] : fields.map((field) => field.element)),
    read: () => {
      /** @type {Record<string, unknown>} */
      const value = {};
      const problems = [];
      for (const field of fields) {
        const read = field.read();
        if (read.problem !== undefined) problems.push(read.problem);
        else if (read.present) value[field.name] = read.value;
      }
      return { value, problems };
    },
  };
}

/**
 * Reads a form and checks its value by the schema.
 * @param {any} schema
 * @param {SchemaForm} form
 * @returns {{ value: unknown, errors: string[] }} the value, and every problem (empty when it may be sent)
 */
export function readChecked(schema, form) {
  const { value, problems } = form.read();
  if (problems.length > 0) return { value, errors: problems };
  return { value, errors: checkValue(schema, value) };
}

/**
 * Shows errors in a list (or clears it).
 * @param {HTMLElement} list
 * @param {string[]} errors
 */
export function showErrors(list, errors) {
  list.replaceChildren(...errors.map((error) => h('li', {}, [error])));
  list.hidden = errors.length === 0;
}
