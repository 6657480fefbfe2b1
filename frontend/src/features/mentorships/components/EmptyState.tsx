import { ButtonLink } from '@/components/Button/Button';
import { EmptyState as EmptyPanel } from '@/components/StatePanel/StatePanel';

/** The shared empty panel with one next step, a link (the inbox's words come as title, text and action). */
export const EmptyState = ({ title, text, action, to }: { title: string; text: string; action: string; to: string }) => (
  <EmptyPanel title={title} action={<ButtonLink to={to}>{action}</ButtonLink>}>
    <p>{text}</p>
  </EmptyPanel>
);
