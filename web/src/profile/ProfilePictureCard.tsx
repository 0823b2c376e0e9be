import { type User } from '@hub/proto';
import { Camera } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { UserAvatar } from '../shell/UserAvatar';
import { toast } from '../toast/toastStore';
import { Card } from '../ui/Card';
import { smallOutlineButtonClass } from '../ui/styles';
import { checkProfilePicture } from '../uploads/imageFile';
import { useChangeProfilePicture } from './mutations';
import { useTranslation } from 'react-i18next';

export function ProfilePictureCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);

  const change = useChangeProfilePicture();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkProfilePicture(file);
    if (problem) {
      toast({
        title: t('profile.picture.invalidFile'),
        description: problem,
        variant: 'destructive',
      });
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
        aria-label={t('profile.picture.label')}
        className="hidden"
        onChange={choose}
      />
      <button
        type="button"
        disabled={change.isPending}
        onClick={() => input.current?.click()}
        className={smallOutlineButtonClass}
      >
        <Camera className="size-3.5" />{' '}
        {change.isPending ? t('profile.picture.uploading') : t('profile.picture.change')}
      </button>
      <p data-testid="picture-rule" className="text-xs text-slate-500 dark:text-slate-400">
        {/* The rule we chose where the spec shows two (section 2, Profile). */}
        {t('profile.picture.rule')}
      </p>
    </Card>
  );
}
