/** Progress reporting shared by the engines: a callback a front end passes in, never output of their own. */

/** Called after each analyzed file with the files done and the total; for a progress display. */
export type ProgressCallback = (done: number, total: number) => void;
