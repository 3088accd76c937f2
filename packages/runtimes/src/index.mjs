// What the workspace's tests and tools run things on: the pinned Node binaries (node-binaries.mjs), the Node that runs
// the tools themselves (toolchain-node.mjs) and Debian's Chromium driven by playwright-core (chromium.mjs). Private to
// the workspace; nothing published imports it.
export { NODE_VERSIONS, checkedNodeBinary, nodeBinary, nodeBinaryPath } from './node-binaries.mjs';
export { TOOLCHAIN_NODE_MAJOR, TOOLCHAIN_NODE_VERSION, describeNode, toolchainNode, toolchainNodePackage, toolchainNodeProblem } from './toolchain-node.mjs';
export { CHROMIUM, CHROMIUM_FLAGS, chromiumMissing, hasChromium, keepToLoopback, launchChromium, staysLocal } from './chromium.mjs';
