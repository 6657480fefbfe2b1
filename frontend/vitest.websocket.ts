// Stands in for `isomorphic-ws` in tests: the browser's WebSocket, looked up when a socket is opened
// (not when the module loads), so a test can script the network boundary by stubbing `WebSocket`.
const LateBoundWebSocket = new Proxy(function WebSocket() {} as unknown as typeof globalThis.WebSocket, {
  construct: (_target, args: ConstructorParameters<typeof globalThis.WebSocket>) => new globalThis.WebSocket(...args),
  get: (_target, property) => Reflect.get(globalThis.WebSocket, property),
});

export default LateBoundWebSocket;
