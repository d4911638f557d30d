import {
  passwordCategories,
  passwordStrength,
  PASSWORD_RECOMMENDED_LENGTH,
  type PasswordStrength,
} from '@inkprint/contracts/policies';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CheckIcon, DotIcon } from '../../../components/ui/icons';

/** Password input with the Show/Hide toggle of spec §2. */
export function PasswordField(props: TextFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button
                size="small"
                onClick={() => setShown((s) => !s)}
                aria-label={shown ? 'Hide password' : 'Show password'}
                disabled={props.disabled}
              >
                {shown ? 'Hide' : 'Show'}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

const strengthValue: Record<PasswordStrength, number> = { 'Very weak': 10, Weak: 35, Medium: 70, Strong: 100 };
const strengthColor: Record<PasswordStrength, 'error' | 'warning' | 'info' | 'success'> = {
  'Very weak': 'error',
  Weak: 'warning',
  Medium: 'info',
  Strong: 'success',
};

/** Strength label and checklist (spec §5: 8+ characters, 3 of 4 categories, 12 recommended). */
export function PasswordChecklist({ password }: { password: string }) {
  const strength = passwordStrength(password);
  const items = [
    { ok: password.length >= 8, label: 'At least 8 characters' },
    { ok: passwordCategories(password) >= 3, label: 'At least 3 of: lowercase, uppercase, number, symbol' },
    { ok: /[a-z]/.test(password), label: 'Lowercase letter' },
    { ok: /[A-Z]/.test(password), label: 'Uppercase letter' },
    { ok: /[0-9]/.test(password), label: 'Number' },
    { ok: /[^A-Za-z0-9]/.test(password), label: 'Symbol' },
    {
      ok: password.length >= PASSWORD_RECOMMENDED_LENGTH,
      label: `${PASSWORD_RECOMMENDED_LENGTH}+ characters (recommended)`,
    },
  ];
  return (
    <Box data-testid="password-checklist">
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography variant="body2" color="text.secondary">
          Password strength
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="password-strength">
          {strength}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={strengthValue[strength]}
        color={strengthColor[strength]}
        aria-label="Password strength"
        sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
      />
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: 1.5,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 0.5,
        }}
      >
        {items.map((item) => (
          <Stack component="li" key={item.label} direction="row" spacing={0.75} alignItems="center" data-ok={item.ok}>
            {item.ok ? (
              <CheckIcon sx={{ fontSize: 16, color: 'success.main' }} />
            ) : (
              <DotIcon sx={{ fontSize: 16, color: 'text.disabled' }} />
            )}
            <Typography variant="caption" sx={{ color: item.ok ? 'text.primary' : 'text.secondary' }}>
              {item.label}
            </Typography>
          </Stack>
        ))}
      </Box>
    </Box>
  );
}
