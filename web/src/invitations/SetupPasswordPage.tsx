import { api } from '@hub/proto';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call } from '../api/client';
import { toast } from '../toast/toastStore';
import { linkClass, primaryButtonClass } from '../ui/styles';
import {
  invitationSearch,
  setupFailureToast,
  setupProblem,
  type InvitationParams,
} from './invitation';
import { InvitationLayout, InvitationStatus } from './InvitationLayout';
import { PasswordSetupFields } from './PasswordSetupFields';
import { useInvitation } from './useInvitation';
import { useSetupDone } from './useSetupDone';

export function SetupPasswordPage() {
  const state = useInvitation();
  return (
    <InvitationLayout>
      <InvitationStatus state={state} />
      {state.status === 'valid' && (
        <>
          <header className="mb-6 text-center">
            <h1 className="text-2xl font-bold">Set Up Your Password</h1>
            <p data-testid="invitation-greeting" className="mt-1 text-sm text-slate-500">
              Welcome, {state.invitation.userName}! Choose a password for your{' '}
              {state.invitation.organizationName} account ({state.invitation.email}).
            </p>
          </header>
          {state.invitation.hasProfilePicture ? (
            <SetupPasswordForm params={state.params} />
          ) : (
            <p role="alert" className="text-center text-sm">
              Your account needs a profile picture first.{' '}
              <a href={`/enhanced-setup?${invitationSearch(state.params)}`} className={linkClass}>
                Complete your account
              </a>
            </p>
          )}
        </>
      )}
    </InvitationLayout>
  );
}

function SetupPasswordForm({ params }: { params: InvitationParams }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const finish = useSetupDone();

  const setup = useMutation({
    mutationFn: () => call(api.setupPassword, { body: { ...params, password } }),
    onSuccess: () => {
      toast({
        title: 'Password Set Successfully',
        description: 'You can now sign in with your new password.',
      });
      finish();
    },
    onError: (error) => toast(setupFailureToast('password', error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = setupProblem(password, confirmation);
    if (problem) toast(problem);
    else setup.mutate();
  };

  const busy = setup.isPending || setup.isSuccess;
  return (
    <form noValidate onSubmit={submit} data-testid="setup-password-form" className="space-y-4">
      <PasswordSetupFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        disabled={busy}
      />
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {setup.isPending ? 'Setting password...' : 'Set Password'}
      </button>
    </form>
  );
}
