import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import type { Server } from 'node:http';

const handedOut = new Set<number>();

const unusedPort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * An unused loopback port for a process that must be told its port (DynamoDB Local, cognito-local, s3rver, SES),
 * so that two local stages never collide on their internal services. A server of our own listens on port 0 instead.
 * The port is free only until someone binds it, and the OS hands a just-closed port out again: this process never
 * hands out the same one twice.
 */
export const freePort = async () => {
  for (;;) {
    const port = await unusedPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
};

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is already in use. Stop whatever is using it, or choose another with PORT=<port>.`);
    this.name = 'PortInUseError';
  }
}

export const listen = (server: Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * The port a persistent stage's service had last time (kept in `stateFile`) if it is still free, else a new one
 * that is remembered: endpoints that end up in tokens or in the browser's stored session stay valid across restarts.
 */
export const rememberedPort = async (stateFile: string | null) => {
  if (stateFile && existsSync(stateFile)) {
    const { port } = JSON.parse(readFileSync(stateFile, 'utf8')) as { port?: number };
    if (port && (await isFree(port))) return port;
  }
  const port = await freePort();
  if (stateFile) writeFileSync(stateFile, JSON.stringify({ port }));
  return port;
};
