import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../../support/local-stage';
import type { Bench } from '../run';
import { round } from '../stats';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const dist = join(repoRoot, 'frontend/dist');

/**
 * The chunks a route loads at once: the chunk, everything it imports statically, and the dynamic imports that
 * run as soon as it renders (`eager`: the signed-in area's Stream connection imports the video SDK on mount and the chat SDK where chat is shown, the
 * /messages route its page, the signed-in area its call notifications).
 */
const closure = (manifest: Manifest, keys: string[], eager: (key: string) => boolean = () => false, skip: (key: string) => boolean = () => false) => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
    if (eager(key)) manifest[key].dynamicImports?.filter((dynamic) => !skip(dynamic)).forEach(visit);
  };
  keys.forEach(visit);
  return seen;
};

/**
 * Chunks whose dynamic imports run on render, not on a click: see closure(). The members' Stream connection
 * (lib/stream) lands in a shared chunk the bundler names after it (`_stream-`, once `_connection-`); without it
 * here the signed-in routes would be measured without the chat and video SDKs they load on mount.
 */
const EAGER = [/^_connection-/, /^_stream-/, /src\/features\/chat\/index\.tsx$/];

/**
 * The chat SDK, which the members' connection imports only once a page that shows chat asks for it (Messages, a
 * mentorship's chat; Home after it is idle): counted for /messages, not for the call routes. The bundler puts it in
 * a shared chunk named after nothing (`_esm-…`), so it is found by the sources its (hidden) source map lists.
 */
const CHAT_SDK = /node_modules\/stream-chat\//;
const holds = (sdk: RegExp) => (manifest: Manifest, key: string) => {
  const map = join(dist, `${manifest[key]!.file}.map`);
  return existsSync(map) && (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.some((source) => sdk.test(source));
};
const holdsChatSdk = holds(CHAT_SDK);

/**
 * The video SDK (its client, in a chunk named after nothing too), which /messages holds back until chat has connected
 * and the browser is idle (lib/stream, requestChatFirst), with the call notifications that render once it is connected:
 * not part of the channel list's first paint, so counted apart (messagesRouteThenRings).
 */
const holdsVideoSdk = holds(/node_modules\/@stream-io\/video-client\//);

/**
 * The budgets, in KB of gzip JavaScript a route loads in all (entry included): issue 13's, with the call routes'
 * raised to 350 for the maintained video SDK (issue 23; its video parts alone are about 260 KB).
 */
export const BUDGETS_KB = { publicFirstLoad: 90, messagesRoute: 300, callRoute: 350 } as const;

/** The call routes in all on the old SDK (video-react-sdk 1.9.0), measured before the upgrade, for comparison. */
const BEFORE_UPGRADE_KB = { callRouteInAll: 334, guestJoinRouteInAll: 317 } as const;

const gzipBytes = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (bytes: number) => round(bytes / 1024, 1);

const sizeOf = (manifest: Manifest, keys: Set<string>) => {
  const js = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const css = [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
  return {
    jsGzipKb: kb(js.reduce((sum, file) => sum + gzipBytes(file), 0)),
    cssGzipKb: kb(css.reduce((sum, file) => sum + gzipBytes(file), 0)),
    chunks: js.length,
  };
};

/**
 * JavaScript (gzip) each route downloads, from the Vite build manifest: the public pages' entry, and what
 * the call routes add on top of it when opened (they are lazy, so the public pages never carry the SDK).
 */
export const videoBundleBench: Bench = {
  name: 'video-bundle',
  web: 'none',
  run: async () => {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build failed');
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const keyOf = (suffix: string) => Object.keys(manifest).find((key) => manifest[key]!.src?.endsWith(suffix));
    const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
    const publicPages = closure(manifest, entryKeys);
    const added = (...suffixes: string[]) => {
      const keys = suffixes.map(keyOf).filter((key): key is string => Boolean(key));
      if (!keys.length) throw new Error(`No chunk for ${suffixes.join(', ')} in the build manifest`);
      return sizeOf(manifest, new Set([...closure(manifest, keys)].filter((key) => !publicPages.has(key))));
    };
    const eager = (key: string) => EAGER.some((pattern) => pattern.test(key));
    const lazyCallNotifications = keyOf('src/features/video/CallNotifications.tsx');
    /** What a full load of a signed-in route downloads in all: entry, signed-in area, its connection, the page. */
    const inAllKeys = ({ chat, videoLater = false }: { chat: boolean; videoLater?: boolean }, ...suffixes: string[]) => {
      // Members get the signed-in area (its connection imports chat and video, and call notifications); guests
      // bring their own connection, which imports the video SDK only, already a static import of their page.
      const member = suffixes.includes('src/app/SignedInArea.tsx');
      const notifications = member && !videoLater ? lazyCallNotifications : undefined;
      const keys = [...entryKeys, ...suffixes.map(keyOf), notifications].filter((key): key is string => Boolean(key));
      const skip = (key: string) => (!chat && holdsChatSdk(manifest, key)) || (videoLater && holdsVideoSdk(manifest, key));
      return closure(manifest, keys, member ? eager : undefined, skip);
    };
    const inAll = (budgetKb: number, options: { chat: boolean; videoLater?: boolean }, ...suffixes: string[]) => {
      const size = sizeOf(manifest, inAllKeys(options, ...suffixes));
      return { ...size, budgetKb, withinBudget: size.jsGzipKb <= budgetKb };
    };
    const messages = ['src/app/SignedInArea.tsx', 'src/features/chat/index.tsx'];
    const messagesFirstPaint = inAllKeys({ chat: true, videoLater: true }, ...messages);
    const messagesThenRings = [...inAllKeys({ chat: true }, ...messages)].filter((key) => !messagesFirstPaint.has(key));
    const noiseCancellation = keyOf('@stream-io/audio-filters-web/dist/index.es.js');
    const publicPagesSize = sizeOf(manifest, publicPages);
    return {
      budgetsKb: BUDGETS_KB,
      beforeVideoSdkUpgradeKb: BEFORE_UPGRADE_KB,
      publicPages: { ...publicPagesSize, budgetKb: BUDGETS_KB.publicFirstLoad, withinBudget: publicPagesSize.jsGzipKb <= BUDGETS_KB.publicFirstLoad },
      // Everything each signed-in route loads on a full page load (Stream SDKs included), against its budget; for
      // /messages, what its channel list's first paint loads, and then (once chat is connected) the video SDK for rings.
      messagesRouteInAll: inAll(BUDGETS_KB.messagesRoute, { chat: true, videoLater: true }, ...messages),
      messagesRouteThenRings: sizeOf(manifest, new Set(messagesThenRings)),
      callRouteInAll: inAll(BUDGETS_KB.callRoute, { chat: false }, 'src/app/SignedInArea.tsx', 'src/features/video/pages/CallPage.tsx'),
      guestJoinRouteInAll: inAll(BUDGETS_KB.callRoute, { chat: false }, 'src/features/video/pages/GuestJoinPage.tsx'),
      // What opening each route adds to the public pages' JavaScript (static imports only, as before).
      callRoute: added('src/app/SignedInArea.tsx', 'src/features/video/pages/CallPage.tsx'),
      callsPageRoute: added('src/app/SignedInArea.tsx', 'src/features/video/pages/CallsPage.tsx'),
      guestJoinRoute: added('src/features/video/pages/GuestJoinPage.tsx'),
      // Loaded only inside a call, where the browser supports it.
      noiseCancellationFilterJsGzipKb: noiseCancellation ? kb(gzipBytes(manifest[noiseCancellation]!.file)) : null,
    };
  },
};
