// Preloaded into the load row's `serve` child (node --expose-gc --import): on SIGUSR2 it runs a
// full garbage collection and writes one line to stderr with the process's memory after it, so
// the row can tell memory the server still holds from pages V8 has not yet given back.
process.on('SIGUSR2', () => {
  globalThis.gc();
  globalThis.gc();
  const m = process.memoryUsage();
  process.stderr.write(
    `[gc-probe] ${JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers })}\n`,
  );
});
