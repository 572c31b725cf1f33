/** The color functions a front end hands the reporters, and the plain ones. */

import pc from 'picocolors';

/**
 * The color functions a front end passes to reporters (picocolors' shape). The toolkit never
 * decides to color: it uses what it is given, and {@link NO_COLORS} when given nothing.
 */
export type Colors = ReturnType<typeof pc.createColors>;

/** Color functions that return their input unchanged: plain text. */
export const NO_COLORS: Colors = pc.createColors(false);
