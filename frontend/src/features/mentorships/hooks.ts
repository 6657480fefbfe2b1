import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyDetail, sendAction } from './api';

/** Takes one action of the state machine on a mentorship; the cache follows the server's answer. */
export const useMentorshipAction = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendAction, onSuccess: (detail) => applyDetail(client, detail) });
};
