import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** A column of a list's table: its name, or its name with the alignment and style of its header cell. */
export type ListColumn = string | { label: string; align?: 'right'; sx?: SxProps<Theme> };

/**
 * The console's list table: small, named by its heading (`aria-labelledby`) or a label, one header row of column
 * names; the rows are the children.
 */
export function ListTable({
  columns,
  sx,
  children,
  ...aria
}: {
  columns: readonly ListColumn[];
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Table size="small" {...aria} sx={sx}>
      <TableHead>
        <TableRow>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <TableCell key={column}>{column}</TableCell>
            ) : (
              <TableCell key={column.label} align={column.align} sx={column.sx}>
                {column.label}
              </TableCell>
            ),
          )}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
