// Preloaded (NODE_OPTIONS=--require) into every thread of the process that scripts/count-detection-files.mjs starts:
// the main thread and each worker thread. It starts V8's precise coverage with call counts in its own thread before
// any module loads, and answers on one BroadcastChannel: `reset` (take the counts and drop them, so what ran before
// is forgotten) and `take` (take the counts: the files whose functions ran since the last reset, with the names of
// those functions). A worker thread's counts cannot be reached from the main thread any other way.
const inspector = require('node:inspector');
const { BroadcastChannel, isMainThread, threadId } = require('node:worker_threads');
const { fileURLToPath } = require('node:url');

const CHANNEL = 'inkprint:count-detection-files';
const session = new inspector.Session();
session.connect();
const post = (method, params = {}) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );
const started = post('Profiler.enable').then(() =>
  post('Profiler.startPreciseCoverage', { callCount: true, detailed: false }),
);

/** file → names of its functions that ran, module bodies (a file's first function, at offset 0) left out. */
function ranFunctions(coverage) {
  const files = {};
  for (const script of coverage) {
    if (!script.url || !(script.url.startsWith('file:') || script.url.startsWith('/'))) continue;
    const names = script.functions
      .filter((fn) => fn.ranges[0].count > 0 && fn.ranges[0].startOffset > 0)
      .map((fn) => fn.functionName || '(anonymous)');
    if (names.length) files[script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url] = names;
  }
  return files;
}

const channel = new BroadcastChannel(CHANNEL);
channel.unref();
channel.onmessage = async ({ data }) => {
  if (!data || (data.cmd !== 'reset' && data.cmd !== 'take')) return;
  await started;
  const { result } = await post('Profiler.takePreciseCoverage');
  const thread = isMainThread ? 'main' : `worker ${threadId}`;
  channel.postMessage({ reply: data.id, thread, files: data.cmd === 'take' ? ranFunctions(result) : undefined });
};
