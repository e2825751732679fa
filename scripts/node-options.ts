// The Node (V8) flags every service runs with, in one place. scripts/start.ts gives them to each
// bundle it starts as NODE_OPTIONS (`npm start`, and the stacks the soak and the tests start
// through it), before any NODE_OPTIONS of the caller's (which therefore win); the images set the
// same NODE_OPTIONS (Dockerfile.multiarch, runtime stage), and bench/test/soak-memory.test.ts
// checks that the two say the same.
//
// --max-semi-space-size: V8 sizes each of its young generation's semi-spaces by the memory it
// may use, up to 64 MB on this machine; under load it grows them to that (128 MB of new space
// committed in data-server and db-proxy, measured with getHeapSpaceStatistics()) and keeps them
// until an idle compaction. README.md (Memory) has the measurements behind the value.
export const SERVICE_NODE_OPTIONS = '--max-semi-space-size=8';
