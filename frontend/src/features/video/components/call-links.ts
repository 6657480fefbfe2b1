/** Reads a call link (/calls/t/id, /join/t/id, a full URL of either, or a cid t:id) as type and id. */
export const parseCallLink = (input: string): { type: string; id: string } | null => {
  const value = input.trim();
  const cid = /^([a-z_]+):([\w-]+)$/.exec(value);
  if (cid) return { type: cid[1]!, id: cid[2]! };
  let path = value;
  try {
    path = new URL(value).pathname;
  } catch {
    // not a full URL: read it as a path
  }
  const match = /^\/?(?:calls|join)\/([a-z_]+)\/([\w-]+)\/?$/.exec(path);
  return match ? { type: match[1]!, id: match[2]! } : null;
};
