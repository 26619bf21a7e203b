/**
 * The pieces the API's contracts are built from, written once: a page of a list, a bare list of items,
 * an id with its name, a set of yes/no flags, per-field messages, and the nullable scalars.
 */

export const NULLABLE_STRING = { type: ['string', 'null'] } as const;
export const NULLABLE_INTEGER = { type: ['integer', 'null'] } as const;

/** A page of a list: its items, the total across pages, and which page this is. */
export function pageOf<const Item>(item: Item) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['items', 'total', 'page_number', 'per_page'],
    properties: {
      items: { type: 'array', items: item },
      total: { type: 'integer', minimum: 0 },
      page_number: { type: 'integer', minimum: 1 },
      per_page: { type: 'integer', minimum: 1 },
    },
  } as const;
}

/** A whole list as `{ items }` (no paging). */
export const itemsOf = <const Item>(item: Item) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['items'],
    properties: { items: { type: 'array', items: item } },
  }) as const;

/** An id (of the given schema) with its name. */
export const idName = <const Id>(id: Id) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name'],
    properties: { id, name: { type: 'string' } },
  }) as const;

/** A set of yes/no flags, every one present. */
export const flags = <const K extends string>(keys: readonly K[]) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: keys,
    properties: Object.fromEntries(keys.map((k) => [k, { type: 'boolean' }])) as { [P in K]: { type: 'boolean' } },
  }) as const;

/** Messages at field paths (a 422's errors, a submission's or an upload's warnings). */
export const FIELD_MESSAGES = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['path', 'message'],
    properties: { path: { type: 'string' }, message: { type: 'string' } },
  },
} as const;
