/** Wording of the contractor screens that the spec gives. */

/** Shown when a contractor has no address (spec sect. 2 and 8). */
export const NO_ADDRESS = 'No primary address found';
