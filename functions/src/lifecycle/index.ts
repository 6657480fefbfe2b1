/**
 * A mentorship's transitions (request, accept, decline, end, suspend…) with what follows them: schedules, e-mails, the pair's booked sessions cancelled, and safeguarding's closing of a pair.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { callerOf, detailFor } from './caller';
export { closeAllFor, closeFor, liveMentorshipsBetween, liveMentorshipsOf } from './safeguarding';
export { accept, complete, completeAtEnd, createProposal, createRequest, decline, end, expire, remind, resume, suspend, withdraw } from './service';
