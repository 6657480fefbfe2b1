/**
 * The video SDK's own error messages that the conformance suite pins (docs/product-spec.md, point 8, as amended).
 * Members never see them: the call UI says what happened in its own plain words (features/video/copy.ts).
 */
export const sdkMessages = {
  leaveTwice: 'Cannot leave call that has already been left.',
  joinTwice: 'Illegal State: call.join() shall be called only once',
  notJoined: 'Call is not joined yet',
  noiseCancellationUnavailable: 'Noise cancellation is not available.',
  volumeRange: 'Volume must be between 0 and 1',
  permissionPromptNotAllowed: 'Permission was not granted previously, and prompting again is not allowed',
  serverError: (code: number | string, message: string) => `Stream error code ${code}: ${message}`,
} as const;
