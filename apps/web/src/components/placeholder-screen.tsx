import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A screen a later issue builds: its title, one sentence, and the way home. */
export function PlaceholderScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t(titleKey)}
      </Typography>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <ConstructionOutlinedIcon color="primary" sx={{ fontSize: 40, mb: 1 }} aria-hidden />
          <Typography sx={{ mb: 2 }}>{t('placeholder.message')}</Typography>
          <Button variant="outlined" component={RouterLink} to="/">
            {t('placeholder.backHome')}
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
