declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    vhostBuckets?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    /** The server run() listens with. */
    httpServer?: import('node:http').Server;
    close(): Promise<void>;
  }
}
