import { Checkbox as RadixCheckbox } from 'radix-ui';
import { Check } from 'lucide-react';

interface CheckboxProps {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function Checkbox({ id, label, checked, onChange, disabled }: CheckboxProps) {
  return (
    <div className="flex items-center gap-2">
      <RadixCheckbox.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onChange(value === true)}
        className="flex size-4 items-center justify-center rounded border border-slate-400 data-[state=checked]:border-blue-600 data-[state=checked]:bg-blue-600 dark:border-slate-600"
      >
        <RadixCheckbox.Indicator>
          <Check className="size-3 text-white" />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  );
}
