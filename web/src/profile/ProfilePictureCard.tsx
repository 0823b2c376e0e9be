import { api, type User } from '@hub/proto';
import { useMutation } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { call } from '../api/client';
import { uploadProfilePicture } from '../api/upload';
import { UserAvatar } from '../shell/UserAvatar';
import { toast } from '../toast/toastStore';
import { Card } from '../ui/Card';
import { smallOutlineButtonClass } from '../ui/styles';
import { checkProfilePicture } from '../uploads/imageFile';
import { useSetCurrentUser } from './useSetCurrentUser';

/** The rule we chose where the spec shows two (section 2, Profile). */
export const PICTURE_RULE =
  'You can change your own picture at any time. It is used to recognise you in performance videos, so use a clear, front-facing photo of your face.';

export function ProfilePictureCard({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null);
  const setCurrentUser = useSetCurrentUser();

  const change = useMutation({
    mutationFn: async (file: File) => {
      const { fileName } = await uploadProfilePicture(file);
      return call(api.changeProfilePicture, { body: { fileName } });
    },
    onSuccess: async (updated) => {
      toast({
        title: 'Profile Picture Updated',
        description: 'Your new profile picture has been saved.',
      });
      await setCurrentUser(updated);
    },
    onError: () =>
      toast({
        title: 'Upload Failed',
        description: 'Failed to upload profile picture. Please try again.',
        variant: 'destructive',
      }),
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkProfilePicture(file);
    if (problem) {
      toast({ title: 'Invalid File', description: problem, variant: 'destructive' });
      return;
    }
    change.mutate(file);
  };

  return (
    <Card className="flex flex-col items-center gap-4 text-center">
      <UserAvatar
        name={user.name}
        profilePicture={user.profilePicture}
        className="size-32 text-3xl"
      />
      <input
        ref={input}
        type="file"
        accept="image/*"
        data-testid="profile-picture-input"
        aria-label="Profile picture"
        className="hidden"
        onChange={choose}
      />
      <button
        type="button"
        disabled={change.isPending}
        onClick={() => input.current?.click()}
        className={smallOutlineButtonClass}
      >
        <Camera className="size-3.5" /> {change.isPending ? 'Uploading...' : 'Change Picture'}
      </button>
      <p data-testid="picture-rule" className="text-xs text-slate-500 dark:text-slate-400">
        {PICTURE_RULE}
      </p>
    </Card>
  );
}
