/** User-facing strings exactly as the product specification writes them: keep them word for word. */
export const messages = {
  feedback: {
    header: 'Help us improve our platform!',
    prompts: {
      global: "We'd love to hear from you! Let us know how we can improve.",
      match: 'Do you have any additional thoughts when it comes to matching?',
    },
    placeholder: 'Your feedback...',
    success: 'Feedback has been submitted',
    failure: 'There was an error. Please try again.',
    tab: 'Feedback',
  },
  header: {
    menu: 'Menu',
  },
  sidebar: {
    defaultSelection: 'Home',
  },
  chatSetup: {
    noGuestToken: 'No token returned from API for guest user',
    noUserToken: 'No token returned from API for authenticated user',
    noStreamChatUuid: 'No streamChatUuid returned from API',
  },
} as const;

export const MOBILE_BREAKPOINT_PX = 767;

/**
 * Call messages exactly as the product specification writes them. They are raised by the video SDK we ship
 * (@stream-io/video-client 1.14.0); the conformance suite in frontend/src/features/video pins them.
 */
export const callMessages = {
  leaveTwice: 'Cannot leave call that has already been left.',
  joinTwice: 'Illegal State: call.join() shall be called only once',
  noVideoPermission: 'No permission to publish video',
  noAudioPermission: 'No permission to publish audio',
  noScreenSharePermission: 'No permission to publish screen share',
  notJoined: 'Call not joined yet.',
  noiseCancellationUnavailable: 'Noise cancellation is not available.',
  volumeRange: 'Volume must be between 0 and 1',
  ratingRange: 'Rating must be between 1 and 5',
  sfuWsTimeout: 'SFU WS connection timed out',
  joinResponseTimeout: 'Waiting for joinResponse has timed out',
  migrationCancelled: 'Cancelled previous migration',
  permissionPromptNotAllowed: 'Permission was not granted previously, and prompting again is not allowed',
  endedTrack: "Can't publish a track that has ended already.",
  serverError: (code: number | string, message: string) => `Stream error code ${code}: ${message}`,
} as const;
