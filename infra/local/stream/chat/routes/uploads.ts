import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { StreamApiError } from '../../errors';
import { corsHeaders, readBody } from '../../http';
import { type ChatContext, type Handler } from '../context';

/** Attachments: uploads into the stage's S3 (s3rver), served back from the stand-in's /attachments/. */
export const uploadRoutes = (ctx: ChatContext) => {
  const { publicBaseUrl, s3, notAllowed, requireChannel, requireMember } = ctx;

  const upload: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    requireMember(request.caller, channel, 'UploadAttachment');
    if (channel.frozen && !request.caller.server) throw notAllowed(request.caller, 'UploadAttachment', channel);
    const contentType = request.req.headers['content-type'] ?? '';
    const form = await new Response(new Uint8Array(await readBody(request.req, 100 * 1024 * 1024)), { headers: { 'content-type': contentType } }).formData().catch(() => {
      throw new StreamApiError('inputError', 'the upload must be multipart/form-data with a "file" field');
    });
    const file = form.get('file');
    if (!file || typeof file === 'string') throw new StreamApiError('inputError', 'the upload must be multipart/form-data with a "file" field');
    const key = `${channel.type}/${channel.id}/${randomUUID()}/${encodeURIComponent(file.name || 'file')}`;
    await s3.put(key, new Uint8Array(await file.arrayBuffer()), file.type || 'application/octet-stream');
    const fileUrl = `${publicBaseUrl}/attachments/${key}`;
    return { file: fileUrl, ...(request.params.kind === 'image' ? { thumb_url: fileUrl } : {}) };
  };

  const serveAttachment = async (res: ServerResponse, key: string) => {
    const object = /^[\w!-]+\/[\w!-]+\/[\w-]+\/[^/]+$/.test(key) ? await s3.get(key) : undefined;
    if (!object) {
      res.writeHead(404, { ...corsHeaders, 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, { ...corsHeaders, 'content-type': object.contentType, 'content-length': object.body.length, 'cache-control': 'private, max-age=3600' });
    res.end(object.body);
  };

  return { upload, serveAttachment };
};
