import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { strings } from '../strings';

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="care-shortcuts-title">
      <DialogTitle id="care-shortcuts-title">{strings.queue.help}</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.5, columnGap: 3, m: 0 }}
        >
          {strings.queue.shortcuts.map(([keys, what]) => (
            <Box key={keys} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ m: 0 }}>
                <Box
                  component="kbd"
                  sx={{
                    fontFamily: 'monospace',
                    bgcolor: 'grey.100',
                    border: 1,
                    borderColor: 'grey.300',
                    borderRadius: 0.5,
                    px: 0.75,
                  }}
                >
                  {keys}
                </Box>
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {what}
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{strings.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
