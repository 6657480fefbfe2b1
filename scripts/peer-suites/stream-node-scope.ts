/**
 * stream-node's chat tests outside the product's scope, by the end of their name, and why (docs/local-stage.md,
 * "Peer suites"). Each is refused in Stream's error shape; none is faked.
 */
export const STREAM_NODE_CHAT_OUT_OF_SCOPE: Readonly<Record<string, string>> = {
  'user API > create guest': 'guest users (POST /guest): the product has no guests, every member signs in',
  'user API > ban and unban': 'bans (/moderation/ban): the product suspends members and blocks pairs itself',
  'user API > block and unblock': 'Stream’s user blocks (/users/block): the product blocks a pair itself (docs/domain.md)',
  'messages API > update message': 'link previews (GET /og fetches the page from the internet): the channel config has url_enrichment off',
  'messages API > update partial': 'asserts the link preview the previous test attached (its partial update itself is answered)',
  'messages API > flag': 'moderation flags (/moderation/flag): the product has its own reports',
  'channel API > export': 'channel export (/export_channels): the product exports nothing from Stream',
};

/** stream-node's call tests outside the product's scope (docs/local-stage.md, "Peer suites"). */
export const STREAM_NODE_VIDEO_OUT_OF_SCOPE: Readonly<Record<string, string>> = {
  'call API > query call stats - single call': 'call stats reports (POST /call/stats): the product reads none (its in-call statistics are the SDK’s own, in the browser); answered 501, not imitated',
  'call API > generate SRT credentials': 'SRT ingress: a call’s ingress addresses are empty, since the stand-in takes no stream in (nor RTMP or WHIP) and the product offers none',
};
