import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';

/** Spec 02 §2: the referral FAQ, four sections, each an accordion. */
export const FAQ_SECTIONS = ['howItWorks', 'credit', 'friends', 'limits'] as const;

export function ReferralsFaq() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="referrals-faq-title">
      <Typography id="referrals-faq-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {t('referrals.faq.title')}
      </Typography>
      {FAQ_SECTIONS.map((section) => (
        <Accordion key={section} disableGutters>
          <AccordionSummary
            expandIcon={<ExpandMoreIcon aria-hidden />}
            id={`referrals-faq-${section}-summary`}
            aria-controls={`referrals-faq-${section}-details`}
          >
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {t(`referrals.faq.${section}.question`)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`referrals-faq-${section}-details`}>
            <Typography color="text.secondary">{t(`referrals.faq.${section}.answer`)}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
