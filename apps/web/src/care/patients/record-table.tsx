import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { strings } from '../strings';

export interface Column<Row> {
  label: string;
  value: (row: Row) => ReactNode;
}

/**
 * Rows of the patient's record: a table where there is room, and on a phone one block per row
 * with its labels, so nothing scrolls sideways (UI.md: 360 px).
 */
export function RecordTable<Row extends { id: string }>({
  label,
  rows,
  columns,
  empty = strings.patients.nothing,
}: {
  label: string;
  rows: Row[];
  columns: Column<Row>[];
  empty?: string;
}) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (rows.length === 0) {
    return <Typography color="text.secondary">{empty}</Typography>;
  }
  if (narrow) {
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Box
            component="li"
            key={row.id}
            sx={{ borderBottom: 1, borderColor: 'divider', py: 1.5, '&:last-child': { border: 0 } }}
          >
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, m: 0 }}
            >
              {columns.map((column) => (
                <Box key={column.label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {column.label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
                    {column.value(row)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.label}>{column.label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            {columns.map((column) => (
              <TableCell key={column.label}>{column.value(row)}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A section's card with its heading. */
export function SectionCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-label={title}
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1.5,
        p: { xs: 2, sm: 2.5 },
        mb: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h3" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}
