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
