import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../api/error-text';
import { useProviders } from '../api/providers';
import { hoursLines, inZone } from './provider-format';
import { providerStrings as t } from './provider-strings';

/** /care/providers: every provider with their weekly hours and next time off (issue 41). */
export function ProvidersScreen() {
  const providers = useProviders();
  // On a phone the four columns squeezed the hours into a tall sliver: one stacked cell per
  // provider there, as the patient search does.
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box>
      <Typography variant="h1" ref={heading} tabIndex={-1} sx={{ mb: 1 }}>
        {t.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      {providers.error && <Alert severity="error">{errorText(providers.error)}</Alert>}
      {providers.isPending && <Skeleton variant="rounded" height={240} />}
      {providers.data && providers.data.length === 0 && <Alert severity="info">{t.empty}</Alert>}
      {providers.data && providers.data.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table aria-label={t.tableLabel}>
            <TableHead>
              {narrow ? (
                <TableRow>
                  <TableCell>{t.columns.name}</TableCell>
                </TableRow>
              ) : (
                <TableRow>
                  <TableCell>{t.columns.name}</TableCell>
                  <TableCell>{t.columns.zone}</TableCell>
                  <TableCell>{t.columns.hours}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{t.columns.nextOff}</TableCell>
                </TableRow>
              )}
            </TableHead>
            <TableBody>
              {providers.data.map((p) => {
                const next = p.timeOff[0];
                const nextOff = next ? inZone(next.startsAt, p.timeZone) : t.none;
                const name = (
                  <Link component={RouterLink} to={`/care/providers/${p.id}`}>
                    {p.displayName}
                  </Link>
                );
                const hours = hoursLines(p.hours).map((line) => (
                  <Box key={line} component="span" sx={{ display: 'block' }}>
                    {line}
                  </Box>
                ));
                return narrow ? (
                  <TableRow key={p.id}>
                    <TableCell>
                      <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {p.timeZone}
                      </Typography>
                      <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
                        {hours}
                      </Typography>
                      <Typography variant="body2" sx={{ mt: 0.5 }}>
                        {t.nextOffLabel(nextOff)}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ) : (
                  <TableRow key={p.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{name}</TableCell>
                    <TableCell>{p.timeZone}</TableCell>
                    <TableCell>{hours}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{nextOff}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
