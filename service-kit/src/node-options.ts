// The Node (V8) flags every service runs with, in one place (@slg/service-kit/node-options: the
// kit every service shares, so that a service's own tests can start it as npm start does).
// scripts/start.ts gives them to each
// bundle it starts as NODE_OPTIONS (`npm start`, and the stacks the soak and the tests start
// through it), before any NODE_OPTIONS of the caller's (which therefore win); the images set the
// same NODE_OPTIONS (Dockerfile.multiarch, runtime stage), and bench/test/soak-memory.test.ts
// checks that the two say the same.
//
// --max-semi-space-size: V8 sizes each of its young generation's semi-spaces by the memory it
// may use, up to 64 MB on this machine; under load it grows them to that (128 MB of new space
// committed in data-server and db-proxy, measured with getHeapSpaceStatistics()) and keeps them
// until an idle compaction. docs/results.md (memory) has the measurements behind the value.
export const SERVICE_NODE_OPTIONS = '--max-semi-space-size=8';

// MALLOC_ARENA_MAX: glibc gives each thread that allocates its own malloc arena (up to 8 per
// core), and an arena keeps what it grew. One arena for the process: the services' allocations
// are V8's own heap, made by the main thread; malloc serves buffers and native state. With 2,
// db-proxy idled at 77.7-79.8 MB RSS in `npm start` (80.1 once in CI, over the 80 MB target) as
// a second arena was used or not; with 1, 76.3-76.6 (scripts/test/start.test.ts, 3 runs each,
// 2026-12-02, load under 1).
export const SERVICE_MALLOC_ARENA_MAX = '1';
