import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ConflictReason, ErrorCode } from '@mentoring/shared';
import { errorStatus } from '@mentoring/shared';
import { errorBody } from './errors';

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export const json = (statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: jsonHeaders,
  body: JSON.stringify(body),
});

export const ok = (body: unknown) => json(200, body);
export const created = (body: unknown) => json(201, body);

export const errorResponse = (code: ErrorCode, message: string, issues?: unknown[], reason?: ConflictReason) =>
  json(errorStatus[code], errorBody(code, message, issues, reason));
