import { Alert } from './Alert';
import { Box } from './Box';
import { Button } from './Button';

/** Something the page needs could not be loaded: says what, and offers to ask again. */
export function RetryAlert({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <Alert tone="critical">
      <Box display="flex" flexDirection="column" gap="small">
        <span>{message}</span>
        <Button tone="secondary" size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Box>
    </Alert>
  );
}
