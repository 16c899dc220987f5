import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from './api';
import { clearStorage, getSession } from './session';
import { toast } from './toast';

/** Sign out (SPEC §2): revoke the token, clear storage except the language, toast, go to /login. */
export const useSignOut = () => {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      if (getSession().token) await api.call('merchant/logout', {}).catch(() => undefined);
    } finally {
      clearStorage();
      qc.clear();
      setPending(false);
      toast.success('msg.loggedOut');
      navigate('/login', { replace: true });
    }
  };
  return { signOut, pending };
};
