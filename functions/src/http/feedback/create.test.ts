import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '#testing/events';
import { startTestIssuer } from '#testing/tokens';
import { handler } from './create';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
process.env.FEEDBACK_TABLE = 'feedback-test';

const post = async (body: string | undefined, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  (await handler(apiEvent({ method: 'POST', path: '/api/feedback', body, headers }), lambdaContext())) as APIGatewayProxyStructuredResultV2;

const valid = { source: '/about', rating: 4, feedbackType: 'global', answers: ['Very helpful'] };

describe('POST /api/feedback', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(PutCommand).resolves({});
  });

  it('stores the message with an id, a timestamp and no user, never overwriting', async () => {
    const response = await post(JSON.stringify(valid));
    expect(response.statusCode).toBe(201);
    const { id } = JSON.parse(response.body!);
    const [call] = dynamo.commandCalls(PutCommand);
    expect(call!.args[0].input).toEqual({
      TableName: 'feedback-test',
      Item: { ...valid, id, userId: null, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
      ConditionExpression: 'attribute_not_exists(id)',
    });
  });

  it('stores the user id (sub) of a verified ID token', async () => {
    const issuer = await startTestIssuer();
    Object.assign(process.env, {
      COGNITO_USER_POOL_ID: issuer.userPoolId,
      COGNITO_CLIENT_ID: issuer.clientId,
      COGNITO_ISSUER: issuer.issuer,
      COGNITO_JWKS_URI: issuer.jwksUri,
    });
    try {
      const signedIn = await post(JSON.stringify(valid), { 'content-type': 'application/json', authorization: `Bearer ${issuer.idToken({ sub: 'sub-42' })}` });
      expect(signedIn.statusCode).toBe(201);
      expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ userId: 'sub-42' });

      const forged = await post(JSON.stringify(valid), { 'content-type': 'application/json', authorization: `Bearer ${issuer.idToken({ aud: 'other-client' })}` });
      expect(forged.statusCode).toBe(401);
      expect(dynamo.commandCalls(PutCommand)).toHaveLength(1);
    } finally {
      await issuer.close();
    }
  });

  it('stores a missing rating as null', async () => {
    await post(JSON.stringify({ ...valid, rating: undefined }));
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ rating: null });
  });

  it('accepts a base64-encoded body as API Gateway may send it', async () => {
    const event = apiEvent({
      method: 'POST',
      path: '/api/feedback',
      body: Buffer.from(JSON.stringify(valid)).toString('base64'),
      headers: { 'content-type': 'application/json' },
    });
    event.isBase64Encoded = true;
    const response = (await handler(event, lambdaContext())) as APIGatewayProxyStructuredResultV2;
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['malformed JSON', '{"source":', 400, 'validation_failed'],
    ['an empty body', '', 400, 'validation_failed'],
    ['rating 6', JSON.stringify({ ...valid, rating: 6 }), 400, 'validation_failed'],
    ['a body over 64 KiB', JSON.stringify({ ...valid, answers: ['x'.repeat(65 * 1024)] }), 413, 'payload_too_large'],
  ])('rejects %s with %i %s and stores nothing', async (_, body, status, code) => {
    const response = await post(body);
    expect(response.statusCode).toBe(status);
    expect(JSON.parse(response.body!).error.code).toBe(code);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('rejects a non-JSON content type with 415', async () => {
    const response = await post(JSON.stringify(valid), { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(415);
    expect(JSON.parse(response.body!)).toEqual({
      error: { code: 'unsupported_media_type', message: expect.any(String) },
    });
  });

  it('lists the zod issues of an invalid body', async () => {
    const response = await post(JSON.stringify({ ...valid, feedbackType: 'mentor' }));
    const { error } = JSON.parse(response.body!);
    expect(error.issues).toEqual([expect.objectContaining({ path: ['feedbackType'] })]);
  });

  it('answers 500 without internals when the database fails', async () => {
    dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'secret detail', $metadata: {} }));
    const response = await post(JSON.stringify(valid));
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret detail');
    expect(JSON.parse(response.body!).error.code).toBe('internal');
  });
});

