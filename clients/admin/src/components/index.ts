/** The portal's building blocks: import them from '../components'. */
export { Badge, type BadgeProps, type BadgeTone } from './badge';
export { Card, type CardProps } from './card';
export { ChangeOutcome, type ChangeOutcomeProps } from './change-outcome';
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { CopyButton, type CopyButtonProps } from './copy-button';
export { DataTable, type Column, type DataTableProps } from './data-table';
export { DateField, type DateFieldProps } from './date-field';
export { Field, SecretField, type ControlProps, type FieldProps } from './field';
export { Page, type PageProps } from './page';
export { ReadOnly, ReadOnlyValue, useReadOnly, type ReadOnlyValueProps } from './read-only';
export { Pager, useCursorStack, type CursorStack, type PagerProps } from './pager';
export { CopyableValue, SecretCard, type CopyableValueProps, type SecretCardProps } from './secret-card';
export { StatCard, type StatCardProps } from './stat-card';
export {
  EmptyState,
  ErrorState,
  Loading,
  errorMessage,
  type EmptyStateProps,
  type ErrorStateProps,
} from './states';
export { DailyChart, type DailyChartPoint, type DailyChartProps } from './daily-chart';
export { Funnel, type FunnelProps, type FunnelStep } from './funnel';
export { ProgressBar, type ProgressBarProps } from './progress-bar';
export {
  ActionDialog,
  fieldProblem,
  newIdempotencyKey,
  type ActionDialogProps,
  type FieldErrors,
} from './action-dialog';
