import { DEFAULT_BANNER_HEIGHT_PX } from '@portal/domain';
import Box, { type BoxProps } from '@mui/material/Box';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { mergeSx } from '../merge-sx';

// Spec 01 §2: a regulation banner and a plan-expiration banner may sit above the content.
// The shell renders <BannerSlot/> once; a feature renders <ShellBanner> anywhere below it and
// the banner appears in the slot.

const SlotContext = createContext<{
  target: HTMLElement | null;
  setTarget: (element: HTMLElement | null) => void;
} | null>(null);

export function BannerSlotProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  return <SlotContext value={{ target, setTarget }}>{children}</SlotContext>;
}

export function BannerSlot() {
  const slot = useContext(SlotContext);
  return <Box ref={slot?.setTarget} sx={{ '&:empty': { display: 'none' } }} />;
}

export function ShellBanner({ sx, ...props }: BoxProps) {
  const slot = useContext(SlotContext);
  if (!slot?.target) return null;
  return createPortal(
    <Box
      role="region"
      {...props}
      sx={mergeSx(
        { minHeight: DEFAULT_BANNER_HEIGHT_PX, display: 'flex', alignItems: 'center' },
        sx,
      )}
    />,
    slot.target,
  );
}
