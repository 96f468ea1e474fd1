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
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../api/error-text';
import { useProviders } from '../api/providers';
import { hoursSummary, inZone } from './provider-format';
import { providerStrings as t } from './provider-strings';

/** /care/providers: every provider with their weekly hours and next time off (issue 41). */
export function ProvidersScreen() {
  const providers = useProviders();
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
              <TableRow>
                <TableCell>{t.columns.name}</TableCell>
                <TableCell>{t.columns.zone}</TableCell>
                <TableCell>{t.columns.hours}</TableCell>
                <TableCell>{t.columns.nextOff}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {providers.data.map((p) => {
                const next = p.timeOff[0];
                return (
                  <TableRow key={p.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Link component={RouterLink} to={`/care/providers/${p.id}`}>
                        {p.displayName}
                      </Link>
                    </TableCell>
                    <TableCell>{p.timeZone}</TableCell>
                    <TableCell>{hoursSummary(p.hours)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {next ? inZone(next.startsAt, p.timeZone) : t.none}
                    </TableCell>
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
