import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { ButtonLink } from '@/components/Button/Button';
import { copy } from '../copy';
import { ErrorState, LoadingState } from '../components/States';
import { useOwnProfile } from '@/lib/shared-api';
import pageStyles from './Page.module.css';

/** The coordinator pages: only for members of the coordinators' group (the API refuses everyone else too). */
export const CoordinatorArea = () => {
  const own = useOwnProfile();
  const tabs = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const ready = own.data?.isCoordinator === true;
  useEffect(() => {
    // On a phone the sections are one row that scrolls sideways: keep the current one in view.
    if (ready) tabs.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, ready]);
  if (own.isPending) return <LoadingState />;
  if (own.isError) return <ErrorState error={own.error} onRetry={() => void own.refetch()} />;
  if (!own.data.isCoordinator) {
    return (
      <div className={`${pageStyles.page} ${pageStyles.centered}`}>
        <h1>{copy.coordinator.onlyHeading}</h1>
        <p className={pageStyles.intro}>{copy.coordinator.onlyText}</p>
        <p>
          <ButtonLink to="/home">{copy.coordinator.goHome}</ButtonLink>
        </p>
      </div>
    );
  }
  return (
    <div className={pageStyles.page}>
      <nav aria-label={copy.coordinator.sections}>
        <ul ref={tabs} className={pageStyles.tabs}>
          <li>
            <NavLink to="/coordinator" end className={pageStyles.tab}>
              {copy.coordinator.dashboardTab}
            </NavLink>
          </li>
          <li>
            <NavLink to="/coordinator/applications" className={pageStyles.tab}>
              {copy.coordinator.applicationsTab}
            </NavLink>
          </li>
          <li>
            <NavLink to="/coordinator/mentorships" className={pageStyles.tab}>
              {copy.coordinator.mentorshipsTab}
            </NavLink>
          </li>
          <li>
            <NavLink to="/coordinator/reports" className={pageStyles.tab}>
              {copy.coordinator.reportsTab}
            </NavLink>
          </li>
          <li>
            <NavLink to="/coordinator/members" className={pageStyles.tab}>
              {copy.coordinator.membersTab}
            </NavLink>
          </li>
          <li>
            <NavLink to="/coordinator/feedback" className={pageStyles.tab}>
              {copy.coordinator.feedbackTab}
            </NavLink>
          </li>
          <li>
            <NavLink to="/coordinator/settings" className={pageStyles.tab}>
              {copy.coordinator.settingsTab}
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
};

export default CoordinatorArea;
