import type { TestProject } from 'vitest/node';
import { deployedStage } from './global-setup';

/** The files that start stages of their own need only know whether they run locally: no shared stage for them. */
export default function setup(project: TestProject) {
  project.provide('isLocal', deployedStage() === undefined);
}
