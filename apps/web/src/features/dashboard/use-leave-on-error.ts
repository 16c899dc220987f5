import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api';

/**
 * SPEC §8: when the profile (me) cannot load, its message is toasted (query client) and the user
 * goes to /login. A 401 is left to the api client, which already logs out and remembers the page.
 */
export const useLeaveOnError = (error: unknown) => {
  const navigate = useNavigate();
  const leave = !!error && !(error instanceof ApiError && error.status === 401);
  useEffect(() => {
    if (leave) navigate('/login', { replace: true });
  }, [leave, navigate]);
};
