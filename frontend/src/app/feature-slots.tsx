import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { CallArchiveSlot, InboxTopSlot, MatchFeedbackSlot, MentorshipSectionsSlot, MentorshipsExportSlot } from '../features/mentorships/slots';
import { CallPartnersSlot } from '../features/video/slots';
import { GroupCallArchiveSlot } from '../features/group-sessions/slots';

const loaders: (() => Promise<unknown>)[] = [];

/** A filler loaded with the page that first shows it, so composing features adds nothing to the area's bundle. */
const lazyFiller = <Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> => {
  loaders.push(load);
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<Props>;
  return (props: Props) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
};

const MatchFeedback = lazyFiller<ComponentProps<typeof MatchFeedbackSlot.Slot>>(async () => {
  const { FeedbackDialog } = await import('../features/feedback/FeedbackDialog');
  return (props) => <FeedbackDialog {...props} feedbackType="match" />;
});
const CallArchive = lazyFiller<ComponentProps<typeof CallArchiveSlot.Slot>>(async () => (await import('../features/call-archive/PastCallsPage')).CallArchive);
const CallPartners = lazyFiller<ComponentProps<typeof CallPartnersSlot.Slot>>(
  async () => (await import('../features/mentorships/components/CallPartnersField')).CallPartnersField,
);

const MentorshipSections = lazyFiller<ComponentProps<typeof MentorshipSectionsSlot.Slot>>(async () => (await import('./mentorship-sessions')).MentorshipSessions);
const MentorshipsExport = lazyFiller<ComponentProps<typeof MentorshipsExportSlot.Slot>>(
  async () => (await import('../features/coordination/components/MentorshipsExport')).MentorshipsExport,
);
const InboxTop = lazyFiller<ComponentProps<typeof InboxTopSlot.Slot>>(async () => (await import('./mentorship-sessions')).InboxUpcomingSessions);

/** Loads every filler now (tests, so that what they wait for is the page, not a chunk). */
export const preloadFeatureSlots = () => Promise.all(loaders.map((load) => load()));

/** The app composes features: what one feature's page shows of another goes through these slots. */
export const FeatureSlots = ({ children }: { children: ReactNode }) => (
  <MatchFeedbackSlot.Provider value={MatchFeedback}>
    <CallArchiveSlot.Provider value={CallArchive}>
      <CallPartnersSlot.Provider value={CallPartners}>
        <MentorshipSectionsSlot.Provider value={MentorshipSections}>
          <InboxTopSlot.Provider value={InboxTop}>
            <MentorshipsExportSlot.Provider value={MentorshipsExport}>
              <GroupCallArchiveSlot.Provider value={CallArchive}>{children}</GroupCallArchiveSlot.Provider>
            </MentorshipsExportSlot.Provider>
          </InboxTopSlot.Provider>
        </MentorshipSectionsSlot.Provider>
      </CallPartnersSlot.Provider>
    </CallArchiveSlot.Provider>
  </MatchFeedbackSlot.Provider>
);
