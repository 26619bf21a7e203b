/** Search configuration of spec sect. 2, shared by the web app's fuse.js search and the server. */

import { PRODUCT_CONSTANTS } from './constants.ts';

/** A weighted search key. */
export interface SearchKey {
  name: string;
  weight: number;
}

/** Options for fuse.js, plus the minimum query length. */
export interface SearchConfig {
  keys: SearchKey[];
  threshold: number;
  minMatchCharLength: number;
  ignoreLocation: boolean;
  /** Queries shorter than this are not searched. */
  minQueryLength: number;
}

const common = {
  threshold: PRODUCT_CONSTANTS.search_threshold,
  minMatchCharLength: PRODUCT_CONSTANTS.search_min_chars,
  ignoreLocation: true,
  minQueryLength: PRODUCT_CONSTANTS.search_min_chars,
};

/** Job search: full_name (2), address, city, contractor (4), code (5), external_id. */
export const JOB_SEARCH: SearchConfig = {
  ...common,
  keys: [
    { name: 'full_name', weight: 2 },
    { name: 'address', weight: 1 },
    { name: 'city', weight: 1 },
    { name: 'contractor', weight: 4 },
    { name: 'code', weight: 5 },
    { name: 'external_id', weight: 1 },
  ],
};

/** Contractor search: name (5), contractor (4), primary_contact (2), address, city, phone, email. */
export const CONTRACTOR_SEARCH: SearchConfig = {
  ...common,
  keys: [
    { name: 'name', weight: 5 },
    { name: 'contractor', weight: 4 },
    { name: 'primary_contact', weight: 2 },
    { name: 'address', weight: 1 },
    { name: 'city', weight: 1 },
    { name: 'phone', weight: 1 },
    { name: 'email', weight: 1 },
  ],
};

/** Which search a route offers: contractors on routes whose name contains 'Contractor', jobs elsewhere. */
export function searchFor(routeName: string | undefined): { kind: 'jobs' | 'contractors'; config: SearchConfig } {
  return routeName?.includes('Contractor')
    ? { kind: 'contractors', config: CONTRACTOR_SEARCH }
    : { kind: 'jobs', config: JOB_SEARCH };
}

/**
 * The longest query searched, in characters. The spec gives none; a name, street address or code fits
 * well within it, and it bounds the ranking's work per request (fuse.js matches a long query in chunks
 * of 32, each over every candidate value).
 */
export const SEARCH_MAX_CHARS = 100;

/** The search messages: the spec's minimum (sect. 2), and ours for the maximum. */
export const SEARCH_MESSAGES = {
  too_short: `Type at least ${PRODUCT_CONSTANTS.search_min_chars} characters`,
  too_long: `Type at most ${SEARCH_MAX_CHARS} characters`,
} as const;

/** True when a query is long enough to search. */
export function isSearchable(query: string): boolean {
  return query.trim().length >= PRODUCT_CONSTANTS.search_min_chars;
}
