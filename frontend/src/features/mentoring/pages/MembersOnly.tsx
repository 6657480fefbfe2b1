import { ButtonLink } from '@/components/Button/Button';
import { copy } from '../copy';
import pageStyles from './Page.module.css';

/** For visitors when the programme keeps its directory to members: sign up or sign in, and come back to `next`. */
export const MembersOnly = ({ next }: { next: string }) => {
  const back = encodeURIComponent(next);
  return (
    <div className={`${pageStyles.page} ${pageStyles.centered}`}>
      <h1>{copy.membersOnly.heading}</h1>
      <p className={pageStyles.intro}>{copy.membersOnly.text}</p>
      <div className={pageStyles.actions}>
        <ButtonLink to={`/signup?next=${back}`}>{copy.membersOnly.signUp}</ButtonLink>
        <ButtonLink to={`/login?next=${back}`} variant="secondary">
          {copy.membersOnly.logIn}
        </ButtonLink>
      </div>
    </div>
  );
};
