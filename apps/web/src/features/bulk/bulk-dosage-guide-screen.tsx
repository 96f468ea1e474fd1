import { BULK_VIAL_MG, bulkDosingGuide } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';

/** Spec 02 §2 /bulk-dosage-guide (flag dosing_guide_route): mg and syringe units per step. */
export function BulkDosageGuideScreen() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('bulk.guide.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {t('bulk.guide.intro', { mg: BULK_VIAL_MG })}
      </Typography>
      <Card sx={{ maxWidth: 720 }}>
        <CardContent sx={{ p: { xs: 1, sm: 3 } }}>
          <Table aria-labelledby="bulk-guide-caption">
            <caption id="bulk-guide-caption" style={{ captionSide: 'top', textAlign: 'left' }}>
              {t('bulk.guide.title')}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell>{t('bulk.guide.step')}</TableCell>
                <TableCell>{t('bulk.guide.dose')}</TableCell>
                <TableCell>{t('bulk.guide.units')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bulkDosingGuide().map((row, i) => (
                <TableRow key={row.doseMg}>
                  <TableCell>{t('bulk.guide.stepLabel', { step: i + 1 })}</TableCell>
                  <TableCell>{t('bulk.guide.mg', { mg: row.doseMg })}</TableCell>
                  <TableCell>{t('bulk.guide.unitsValue', { units: row.units })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('bulk.guide.caution')}
          </Alert>
        </CardContent>
      </Card>
    </>
  );
}
