import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

// One polite live region for the whole console: what a sighted person sees change without
// focus moving (the queue loaded, a row selected, an action done) is read out too.

const Context = createContext<(message: string) => void>(() => undefined);

export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  // The same words twice in a row are still announced: clear, then set on the next frame.
  const announce = useCallback((next: string) => {
    setMessage('');
    requestAnimationFrame(() => setMessage(next));
  }, []);
  return (
    <Context.Provider value={announce}>
      {children}
      <Box role="status" aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
        {message}
      </Box>
    </Context.Provider>
  );
}

export const useAnnounce = () => useContext(Context);
