import type { JsonSchema } from '../schema/json-schema.js';
import { schemaListKeywords, schemaMapKeywords, schemaValueKeywords } from './schema-keywords.js';

/** An `$id` a schema document declares: the absolute URI (without a trailing `#`) and where it is. */
export interface DeclaredId {
  uri: string;
  /** The JSON Pointer of the subschema declaring it (`''` for the document's root). */
  at: string;
}

/**
 * Every `$id` a schema document declares, its root's and its subschemas' (embedded resources),
 * each resolved against the base it is declared in; anchors (`#name`) aside.
 * @param document - the document
 * @returns the ids, in document order
 */
export function declaredIds(document: JsonSchema): DeclaredId[] {
  const found: DeclaredId[] = [];
  const visit = (node: unknown, at: string, base: string | undefined): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) return node.forEach((inner, index) => visit(inner, `${at}/${index}`, base));
    const record = node as Record<string, unknown>;
    let here = base;
    if (typeof record.$id === 'string' && !record.$id.startsWith('#')) {
      here = resolved(record.$id, base);
      found.push({ uri: here, at });
    }
    for (const keyword of schemaMapKeywords) {
      const map = record[keyword];
      if (typeof map === 'object' && map !== null && !Array.isArray(map))
        for (const [name, inner] of Object.entries(map))
          visit(inner, `${at}/${keyword}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, here);
    }
    for (const keyword of [...schemaListKeywords, ...schemaValueKeywords])
      if (Object.hasOwn(record, keyword)) visit(record[keyword], `${at}/${keyword}`, here);
  };
  visit(document, '', undefined);
  return found;
}

function resolved(id: string, base: string | undefined): string {
  try {
    return new URL(id, base).href.replace(/#$/, '');
  } catch {
    return id.replace(/#$/, '');
  }
}
